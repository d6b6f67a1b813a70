import { RefreshCw } from 'lucide-react';
import { Component, useState, type ReactNode } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { serverReachable } from '../../page-error-boundary';

/**
 * Stands in for the top bar's signed-in controls when their code could not load (or they
 * broke), so the page under them stays. A browser keeps a module that failed to load failed,
 * so only a reload brings them back: the button reloads once the server answers.
 */
function ReloadControls() {
  const [unreachable, setUnreachable] = useState(false);
  const reload = async () => {
    if (await serverReachable()) window.location.reload();
    else setUnreachable(true);
  };
  const label = unreachable
    ? 'Vidshare cannot be reached right now. Try again in a moment.'
    : 'Your account menu could not be loaded. Reload the page';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => void reload()}
      className={buttonStyles.icon}
    >
      <RefreshCw className="size-5" aria-hidden />
    </button>
  );
}

export class ControlsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ReloadControls /> : this.props.children;
  }
}
