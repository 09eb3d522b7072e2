import { Outlet } from 'react-router';
import { QueryScope } from '@/lib/query-scope';

/** Pathless route around every branch but /signin (app/router.tsx): the query cache, loaded with the page. */
export default function QueryScopeLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
