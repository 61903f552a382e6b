import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { useNamespace } from '../../hooks/useNamespace';
import { useSession } from '../../hooks/useSession';
import { Link } from '../../router';
import { AgreementsPanel } from './AgreementsPanel';
import { ClientsPanel } from './ClientsPanel';
import { FolderList } from './FolderList';
import { FolderView } from './FolderView';
import { OrdersPanel } from './OrdersPanel';
import { TrashPanel } from './TrashPanel';
import { WatermarkPanel } from './WatermarkPanel';
import './admin.css';

/** The Events tab (competitions) is a chunk of its own, loaded when the tab opens. */
const EventsPanel = lazy(() => import('./EventsPanel'));

const TABS = ['folders', 'clients', 'orders', 'events', 'mainGallery', 'watermark', 'trash', 'agreements'] as const;
type Tab = (typeof TABS)[number];

function AdminPanel() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('folders');
  const [open, setOpen] = useState<{ folder: string; label: string } | null>(null);
  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`admin-tab${tab === name ? ' admin-tab--active' : ''}`}
            onClick={() => {
              setTab(name);
              setOpen(null);
            }}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'clients' ? (
          <ClientsPanel
            onOpen={(folder, label) => {
              setTab('folders');
              setOpen({ folder, label });
            }}
          />
        ) : null}
        {tab === 'folders' ? (
          open ? (
            <>
              <div className="admin-toolbar">
                <button type="button" className="button button--ghost" onClick={() => setOpen(null)}>
                  {t('folders.back')}
                </button>
                <h2 className="admin-subtitle">
                  <bdi>{open.label}</bdi>
                </h2>
              </div>
              <FolderView key={open.folder} folder={open.folder} isMain={false} />
            </>
          ) : (
            <FolderList onOpen={(folder, label) => setOpen({ folder, label })} />
          )
        ) : null}
        {tab === 'mainGallery' ? <FolderView folder={MAIN_GALLERY_FOLDER} isMain /> : null}
        {tab === 'orders' ? <OrdersPanel /> : null}
        {tab === 'events' ? (
          <Suspense fallback={<p className="muted">{t('common:loading')}</p>}>
            <EventsPanel />
          </Suspense>
        ) : null}
        {tab === 'watermark' ? <WatermarkPanel /> : null}
        {tab === 'trash' ? <TrashPanel /> : null}
        {tab === 'agreements' ? <AgreementsPanel /> : null}
      </div>
    </>
  );
}

/**
 * /admin: a signed-out visitor gets a message and a login link, a signed-in user who is not the admin
 * "Not authorized"; the admin gets the panel. The server checks every admin call on its own.
 */
export default function AdminPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { user, isLoading } = useSession();
  const textsReady = useNamespace('admin');
  return (
    <PageFrame title={t('common:pages.admin')} wide>
      {isLoading || !textsReady ? (
        <p className="muted">{t('common:loading')}</p>
      ) : !user ? (
        <>
          <p>{t('access.signedOut')}</p>
          <p>
            <Link className="button" to="/login?next=/admin">
              {t('access.login')}
            </Link>
          </p>
        </>
      ) : !user.isAdmin ? (
        <p role="alert">{t('access.notAuthorized')}</p>
      ) : (
        <AdminPanel />
      )}
    </PageFrame>
  );
}
