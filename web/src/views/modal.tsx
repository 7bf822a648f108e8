/**
 * @module web/views/modal
 * A modal dialog (the native `dialog` element: focus is trapped inside and returns where it was,
 * Escape closes it).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export const Modal = ({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const titleId = `dialog-${title.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
};

/** Asks to confirm something that cannot be undone without another change. */
export const ConfirmDialog = ({
  title,
  text,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: ComponentChildren;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) => (
  <Modal title={title} onClose={onCancel}>
    <div class="dialog-text">{text}</div>
    <div class="buttons">
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" class="primary" onClick={onConfirm}>
        {confirm}
      </button>
    </div>
  </Modal>
);
