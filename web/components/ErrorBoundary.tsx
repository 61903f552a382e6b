import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a visitor sees when a page fails to render (for example an old chunk after a deploy): a way back. */
function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="page container" role="alert">
      <h1 className="page-title">{t('errors.generic')}</h1>
      <p>
        <a href="/">{t('nav.home')}</a>
      </p>
    </div>
  );
}

/** Catches a page's render error so the navigation stays usable; it resets when the path changes. */
export class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown) {
    console.error('page failed to render', error);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
