import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@contract';
import { Logo } from '../../../components/ui/logo';
import { cn } from '../../../lib/cn';

type AuthCardShellProps = {
  title: string;
  subtitle: string;
  children: ReactNode;
  className?: string;
};

/**
 * The sign-in and sign-up cards float over a dimmed backdrop; leaving it (a click outside, or
 * Escape, as with any dialog) means going home.
 */
export function AuthCardShell({ title, subtitle, children, className }: AuthCardShellProps) {
  const navigate = useNavigate();
  const cardRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      void navigate(ROUTES.root);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
  // A drag that starts inside the card (selecting text) and ends outside must not close it.
  const pressedOutside = useRef(false);

  const isOutside = (event: MouseEvent) => !cardRef.current?.contains(event.target as Node);

  return (
    <div
      className="fixed inset-0 z-50 overflow-y-auto bg-black/75 backdrop-blur-sm"
      onMouseDown={(event) => {
        pressedOutside.current = isOutside(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && isOutside(event)) void navigate(ROUTES.root);
      }}
    >
      <div className="flex min-h-full items-center justify-center p-4 sm:p-8">
        <main
          ref={cardRef}
          aria-labelledby="auth-card-title"
          className={cn(
            'w-full max-w-md rounded-2xl border border-line bg-raised p-6 shadow-2xl shadow-black/60 sm:p-8',
            className,
          )}
        >
          <Logo className="mb-6" />
          <h1 id="auth-card-title" className="text-2xl font-semibold text-ink-strong">
            {title}
          </h1>
          <p className="mt-1 mb-6 text-sm text-ink-muted">{subtitle}</p>
          {children}
        </main>
      </div>
    </div>
  );
}
