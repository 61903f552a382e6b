/**
 * The routing vocabulary pages use. It sits on wouter (2 KB) rather than react-router (~26 KB gzip), which kept the
 * first visit inside its JavaScript budget; see docs/ARCHITECTURE.md. Pages import from here, never from the
 * library, so the choice stays in one file.
 */
import type { AnchorHTMLAttributes } from 'react';
import {
  Redirect,
  useSearch,
  useLocation as useWouterLocation,
  useSearchParams as useWouterSearchParams,
  Link as WouterLink,
} from 'wouter';

export { useSearchParams } from 'wouter';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, ...props }: LinkProps) {
  return <WouterLink to={to} {...props} />;
}

/**
 * A link that carries the `active` class (and aria-current) when it points at the current page or a page under it
 * (`/admin` on `/admin/clients`).
 */
export function NavLink({ to, className, ...props }: LinkProps) {
  const [location] = useWouterLocation();
  const here = location === to;
  const active = here || (to !== '/' && location.startsWith(`${to}/`));
  return (
    <WouterLink
      to={to}
      className={`${className ?? ''}${active ? ' active' : ''}`}
      aria-current={here ? 'page' : active ? 'true' : undefined}
      {...props}
    />
  );
}

export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

export interface NavigateOptions {
  replace?: boolean;
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return (to, options) => navigate(to, options);
}

export function useLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

/** Kept for symmetry with URLSearchParams-style code: the current query as an object. */
export function useQueryParams(): URLSearchParams {
  const [params] = useWouterSearchParams();
  return params;
}
