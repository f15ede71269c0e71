import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastVariant } from '@web/components/ui/toast';

/** docs/product/errors-and-limits.md, Toasts: one toast on screen at a time; a new one replaces the old. */
const MAX_VISIBLE_TOASTS = 1;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let lastId = 0;
const listeners = new Set<Listener>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, mutation callbacks); returns a way to close it early. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++lastId);
  // Closed toasts stay in the list until pushed out, so Radix can play their exit animation.
  publish([{ ...input, id, open: true }, ...toasts].slice(0, MAX_VISIBLE_TOASTS));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or every toast when no id is given. */
function dismissToast(id?: string): void {
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen, and the functions to show and close them. */
export function useToast() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return { toasts: items, toast, dismiss: dismissToast };
}
