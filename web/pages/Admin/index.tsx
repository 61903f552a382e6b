import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { useNamespace } from '../../hooks/useNamespace';
import { useSession } from '../../hooks/useSession';
import { Link, Navigate, useLocation } from '../../router';
import { AgreementsPanel } from './agreements/AgreementsPanel';
import { ApiKeysPanel } from './apiKeys/ApiKeysPanel';
import { BookingsPanel } from './bookings/BookingsPanel';
import { ClientsPanel } from './clients/ClientsPanel';
import EventsPanel from './events/EventsPanel';
import { FolderList } from './folders/FolderList';
import { FolderView } from './folders/FolderView';
import { OrdersPanel } from './orders/OrdersPanel';
import { PaymentsPanel } from './payments/PaymentsPanel';
import { ContactSettingsPanel } from './settings/ContactSettingsPanel';
import { WatermarkPanel } from './settings/WatermarkPanel';
import { adminApi, adminKeys } from './shared/admin-api';
import { ADMIN_ROOT, parseAdminPath, tabPath } from './shared/admin-paths';
import { MORE, PLACES, TABS, type Tab } from './shell/admin-tabs';
import { BottomBar } from './shell/BottomBar';
import { MorePage } from './shell/MorePage';
import { TabStrip } from './shell/TabStrip';
import { useAdminManifest } from './shell/useAdminManifest';
import { TodayPage } from './today/TodayPage';
import { useTodayTotal } from './today/today-api';
import { useAppBadge } from './today/useAppBadge';
import { TrashPanel } from './trash/TrashPanel';
import './shared/admin.css';
import './shell/shell.css';

/** One client folder at /admin/folders/<folder>; its title comes from the folder list, so a reload keeps it. */
function OpenFolder({ folder }: { folder: string }) {
  const { t } = useTranslation('admin');
  const folders = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  const entry = folders.data?.items.find((item) => item.folder === folder);
  return (
    <>
      <div className="admin-toolbar">
        <Link className="button button--ghost" to={tabPath('folders')}>
          {t('folders.back')}
        </Link>
        <h2 className="admin-subtitle">
          <bdi>{entry ? (entry.name ?? entry.email) : folder}</bdi>
        </h2>
      </div>
      <FolderView key={folder} folder={folder} isMain={false} />
    </>
  );
}

function TabContent({ tab, folder }: { tab: Tab; folder: string | null }) {
  switch (tab) {
    case 'today':
      return <TodayPage />;
    case 'folders':
      return folder ? <OpenFolder folder={folder} /> : <FolderList />;
    case 'clients':
      return <ClientsPanel />;
    case 'mainGallery':
      return <FolderView folder={MAIN_GALLERY_FOLDER} isMain />;
    case 'orders':
      return <OrdersPanel />;
    case 'payments':
      return <PaymentsPanel />;
    case 'events':
      return <EventsPanel />;
    case 'watermark':
      return <WatermarkPanel />;
    case 'trash':
      return <TrashPanel />;
    case 'agreements':
      return <AgreementsPanel />;
    case 'bookings':
      return <BookingsPanel />;
    case 'contactDetails':
      return <ContactSettingsPanel />;
    case 'apiKeys':
      return <ApiKeysPanel />;
  }
}

/**
 * The panel's place is its address (admin-paths.ts): a tab is a link, a folder is a page of its own, so Back and a
 * reload keep the place. An unknown address under /admin goes to the first tab, Today. A desk shows the row of tabs;
 * a phone the bottom bar, with the other tabs under More (shell.css decides which by the width).
 */
function AdminPanel() {
  const { pathname } = useLocation();
  const place = parseAdminPath(pathname, PLACES);
  useAdminManifest();
  useAppBadge(useTodayTotal());
  // /admin itself (and any unknown address under it) shows the first tab under that tab's own address.
  if (!place || pathname.replace(/\/+$/, '') === ADMIN_ROOT) return <Navigate to={tabPath(TABS[0])} replace />;
  return (
    <>
      <TabStrip place={place.tab} />
      {place.tab === MORE ? (
        <MorePage />
      ) : (
        <div role="tabpanel" id="admin-tabpanel" aria-labelledby={`admin-tab-${place.tab}`}>
          <TabContent tab={place.tab} folder={place.folder} />
        </div>
      )}
      <BottomBar place={place.tab} />
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
  const { pathname } = useLocation();
  return (
    <PageFrame title={t('common:pages.admin')} wide>
      {isLoading || !textsReady ? (
        <LoadingLine text={t('common:loading')} announce={false} />
      ) : !user ? (
        <>
          <p>{t('access.signedOut')}</p>
          <p>
            <Link className="button" to={`/login?next=${encodeURIComponent(pathname)}`}>
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
