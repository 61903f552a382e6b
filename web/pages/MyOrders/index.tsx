import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { useNamespace } from '../../hooks/useNamespace';
import { useSession } from '../../hooks/useSession';
import { Link } from '../../router';
import { OrderList } from './OrderList';
import './my-orders.css';

/**
 * /me/orders: every order of the signed-in client, newest first, each with what it needs next: how to pay and a way
 * to say it was paid, the receipt once paid, and Download All once delivered. The server answers only the account's
 * own orders.
 */
export default function MyOrdersPage() {
  const { t } = useTranslation(['common', 'gallery']);
  const { user, isLoading } = useSession();
  const textsReady = useNamespace('sales');
  const proofingReady = useNamespace('proofing');
  return (
    <PageFrame title={t('pages.myOrders')}>
      {isLoading || !textsReady || !proofingReady ? (
        <LoadingLine text={t('loading')} announce={false} />
      ) : !user ? (
        <div className="gallery__state">
          <p>{t('gallery:me.notConnected')}</p>
          <Link to="/login?next=/me/orders" className="button">
            {t('gallery:me.login')}
          </Link>
        </div>
      ) : (
        <OrderList userId={user.id} />
      )}
    </PageFrame>
  );
}
