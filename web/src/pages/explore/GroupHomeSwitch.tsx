import { lazy } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../api/hooks/auth';
import PageSkeleton from '../../components/PageSkeleton';

const GroupHomePage = lazy(() => import('../group-home/GroupHomePage'));
const ExploreGroupPage = lazy(() => import('./ExploreGroupPage'));

/** /g/{groupSlug}: the recipes home for members of the group, the public explore view for everyone else. */
export default function GroupHomeSwitch() {
  const { groupSlug } = useParams();
  const { user, loading } = useCurrentUser();
  if (loading) return <PageSkeleton kind="cards" />;
  return user && user.groupSlug === groupSlug ? <GroupHomePage /> : <ExploreGroupPage />;
}
