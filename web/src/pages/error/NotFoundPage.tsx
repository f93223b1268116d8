import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rewriteNotFoundPath } from '../../lib/notFoundRewrite';
import { useGroupContext } from '../../app/layouts/useGroupSlug';
import { APP_NAME } from '../../app/constants';
import ErrorView from './ErrorView';

/** Unknown address: try the spec's rewrite (/recipe/ → /r/, add /g/{groupSlug}), else show the 404. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { groupSlug } = useGroupContext();
  const target = rewriteNotFoundPath(location.pathname + location.search + location.hash, groupSlug);

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);

  useEffect(() => {
    document.title = `${t('page.404-not-found')} | ${APP_NAME}`;
  }, [t]);

  if (target) return null;
  return <ErrorView notFound />;
}
