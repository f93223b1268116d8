import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

/** MUI links and link-buttons navigate through React Router; absolute URLs stay plain anchors. */
const LinkBehavior = forwardRef<HTMLAnchorElement, Omit<RouterLinkProps, 'to'> & { href: RouterLinkProps['to'] }>(
  function LinkBehavior({ href, ...other }, ref) {
    if (typeof href === 'string' && /^(https?:|mailto:)/.test(href)) {
      return <a ref={ref} href={href} {...other} />;
    }
    return <RouterLink ref={ref} to={href} {...other} />;
  },
);

export default LinkBehavior;
