/**
 * @module web/views/shell
 * The frame of a session: the header (sections, staged changes, user, sign out), the
 * configuration tree, the main area that shows the current route, and the notices. Signs the
 * user out after a quarter of an hour without activity.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { href, useRoute } from '../state/hash-route.ts';
import type { Notice } from '../state/session.ts';
import { useSession, useStore } from '../state/session.ts';
import { AccessView, accessRoot } from './access-view.tsx';
import { ChangesView } from './changes-view.tsx';
import { DataPage } from './data-view.tsx';
import { HistoryView } from './history-view.tsx';
import { HomeView } from './home-view.tsx';
import { KeysView, keyLists } from './keys-view.tsx';
import { TreeNav } from './tree-nav.tsx';

/** Minutes without a key press, click or touch before the session ends. */
export const IDLE_MINUTES = 15;

const useIdleTimeout = (onIdle: () => void): void => {
  useEffect(() => {
    let timer = setTimeout(onIdle, IDLE_MINUTES * 60_000);
    const reset = (): void => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, IDLE_MINUTES * 60_000);
    };
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, reset, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, reset);
    };
  }, [onIdle]);
};

const routeView = (route: string) => {
  if (route.startsWith('/data')) return <DataPage path={route.slice(5)} />;
  switch (route) {
    case '/changes':
      return <ChangesView />;
    case '/history':
      return <HistoryView />;
    case '/keys':
      return <KeysView />;
    case '/access':
      return <AccessView />;
    default:
      return <HomeView />;
  }
};

export const Shell = ({
  notices,
  onDismiss,
  onNavigate,
  onSignOut,
}: {
  notices: readonly (Notice & { readonly id: number })[];
  onDismiss: (id: number) => void;
  /** A new screen: the notices of the last one go. */
  onNavigate: () => void;
  onSignOut: (reason?: string) => void;
}) => {
  const session = useSession();
  useStore(session.staging);
  const route = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const [idle] = useState(() => () => onSignOut(`You were signed out after ${IDLE_MINUTES} minutes without activity.`));
  useIdleTimeout(idle);
  // A new screen: close the menu (phones) and move the focus to the main area for screen readers.
  useEffect(() => {
    setMenuOpen(false);
    onNavigate();
    main.current?.focus({ preventScroll: true });
  }, [route]);
  const staged = session.staging.edits.length;
  const sections = [
    { route: '/', label: 'Overview' },
    ...(keyLists(session.model).length > 0 ? [{ route: '/keys', label: 'Keys and certificates' }] : []),
    ...(accessRoot(session.model) !== undefined ? [{ route: '/access', label: 'Access rules' }] : []),
    { route: '/history', label: 'History' },
  ];
  return (
    <div class="shell">
      <a
        class="skip-link"
        href={href(route)}
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to the main content
      </a>
      <header class="top-bar">
        <span class="brand">idconf</span>
        <button
          type="button"
          class="menu-button"
          aria-expanded={menuOpen}
          aria-controls="side-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav aria-label="Sections" class="sections">
          {sections.map((section) => (
            <a
              key={section.route}
              href={href(section.route)}
              aria-current={route === section.route ? 'page' : undefined}
            >
              {section.label}
            </a>
          ))}
        </nav>
        <a class={staged > 0 ? 'changes-link pending' : 'changes-link'} href={href('/changes')}>
          Changes{staged > 0 ? ` (${staged})` : ''}
        </a>
        <span class="user" title="Signed in user">
          {session.client.user}
        </span>
        <button
          type="button"
          onClick={() => {
            if (staged === 0 || window.confirm(`Sign out and drop ${staged} staged change(s)?`)) onSignOut();
          }}
        >
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav id="side-nav" class={menuOpen ? 'side-nav open' : 'side-nav'} aria-label="Configuration tree">
          <TreeNav route={route} />
        </nav>
        <main id="main" ref={main} tabIndex={-1}>
          {routeView(route)}
        </main>
      </div>
      <div class="notices" aria-live="polite">
        {notices.map((notice) => (
          <p key={notice.id} class={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <span>{notice.text}</span>
            <button type="button" class="link" aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>
              ×
            </button>
          </p>
        ))}
      </div>
    </div>
  );
};
