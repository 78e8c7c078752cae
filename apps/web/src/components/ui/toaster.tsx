import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { dismissToast, useToast } from './use-toast';

/** Renders the toast store; mount once near the root. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          {...(duration === undefined ? {} : { duration })}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* A modal dialog hides the rest of the page from assistive tech (aria-hidden) but never a
          live region: marked as one (off, since Radix announces each toast on its own), the
          toasts shown while a dialog is open stay reachable and are announced (WCAG 4.1.3). */}
      <div aria-live="off" className="contents">
        <ToastViewport />
      </div>
    </ToastProvider>
  );
}
