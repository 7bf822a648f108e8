/**
 * @module cli/notification-text
 * A RESTCONF notification (the JSON of one event, RFC 8040 §6.4) as lines for people: a
 * configuration change is its transaction id, time, user, interface, label and comment, then
 * one line per edit (operation and path); the other notifications are one line each.
 * @see RFC 6470 §2.2, docs/events.md
 */

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const configChange = (time: string, change: Json): string[] => {
  const by = isObject(change['changed-by']) ? change['changed-by'] : {};
  const who = 'server' in by ? 'the server' : text(by.username) || 'someone';
  const id = text(change['idconf-notifications:transaction-id']);
  const via = text(change['idconf-notifications:via']);
  const label = text(change['idconf-notifications:label']);
  const comment = text(change['idconf-notifications:comment']);
  const head = [
    id === '' ? 'change' : `#${id}`,
    time,
    who,
    ...(via === '' ? [] : [`via ${via}`]),
    ...(label === '' ? [] : [`[${label}]`]),
    ...(comment === '' ? [] : [JSON.stringify(comment)]),
  ].join('  ');
  const edits = (Array.isArray(change.edit) ? change.edit : []).filter(isObject);
  return [head, ...edits.map((edit) => `    ${text(edit.operation).padEnd(8)} ${text(edit.target)}`)];
};

const session = (time: string, what: string, facts: Json): string => {
  const from = text(facts['source-host']);
  const reason = text(facts['termination-reason']);
  return `${time}  session ${text(facts['session-id'])} ${what}: ${text(facts.username)}${from === '' ? '' : ` from ${from}`}${reason === '' ? '' : ` (${reason})`}`;
};

/** The lines that show the notification `data` (the JSON text of one event). */
export const notificationLines = (data: string): string[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [data];
  }
  const notification = isObject(parsed) ? parsed['ietf-restconf:notification'] : undefined;
  if (!isObject(notification)) return [data];
  const time = text(notification.eventTime);
  const [name, content] = Object.entries(notification).find(([key]) => key !== 'eventTime') ?? ['', {}];
  const body = isObject(content) ? content : {};
  switch (name) {
    case 'ietf-netconf-notifications:netconf-config-change':
      return configChange(time, body);
    case 'ietf-netconf-notifications:netconf-session-start':
      return [session(time, 'started', body)];
    case 'ietf-netconf-notifications:netconf-session-end':
      return [session(time, 'ended', body)];
    case 'idconf-notifications:replay-completed':
      return ['-- the stored changes asked for are shown; live changes follow'];
    case 'idconf-notifications:subscription-terminated':
      return [`-- the server ended the subscription (${text(body.reason)}): ${text(body.message)}`];
    default:
      return [`${time}  ${name} ${JSON.stringify(content)}`];
  }
};
