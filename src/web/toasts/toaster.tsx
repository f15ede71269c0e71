import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@web/components/ui/toast';
import { useToast } from './use-toast';

/** docs/product/errors-and-limits.md, Constants and timers. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** Renders the toasts raised with toast(); mounted once, beside the app. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast key={id} variant={variant} open={open} onOpenChange={(isOpen) => isOpen || dismiss(id)}>
          <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
