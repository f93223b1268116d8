import { useEffect, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';

export interface NavLink {
  key: string;
  title: string;
  icon: ReactElement;
  /** In-app path. */
  to?: string;
  /** External address, opened in a new tab. */
  href?: string;
  /** Shown only to a signed-in member of the route's group. */
  restricted?: boolean;
  children?: NavLink[];
}

function isActive(pathname: string, to: string | undefined): boolean {
  if (!to) return false;
  return pathname === to || pathname === `${to}/`;
}

function NavGroup({ link, pathname, depth }: { link: NavLink; pathname: string; depth: number }) {
  const children = link.children ?? [];
  const hasActiveChild = children.some((c) => pathname.startsWith(c.to ?? '\u0000'));
  const [open, setOpen] = useState(hasActiveChild);
  // Children can arrive later (links that depend on the signed-in user): open when one becomes active.
  useEffect(() => {
    if (hasActiveChild) setOpen(true);
  }, [hasActiveChild]);
  const id = `nav-group-${link.key}`;
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} sx={{ paddingInlineStart: 2 + depth * 2 }}>
        <ListItemIcon>{link.icon}</ListItemIcon>
        <ListItemText primary={link.title} />
        {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List component="div" disablePadding dense>
          {children.map((child) => (
            <NavItem key={child.key} link={child} pathname={pathname} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function NavItem({ link, pathname, depth }: { link: NavLink; pathname: string; depth: number }) {
  if (link.children?.length) return <NavGroup link={link} pathname={pathname} depth={depth} />;
  const active = isActive(pathname, link.to);
  const external = Boolean(link.href);
  return (
    <ListItemButton
      href={link.href ?? link.to ?? '#'}
      selected={active}
      aria-current={active ? 'page' : undefined}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      sx={{ paddingInlineStart: 2 + depth * 2 }}
    >
      <ListItemIcon>{link.icon}</ListItemIcon>
      <ListItemText primary={link.title} />
      {external && <OpenInNewIcon fontSize="small" sx={{ opacity: 0.6 }} aria-hidden />}
    </ListItemButton>
  );
}

/** One of the sidebar's link lists (top, secondary, bottom); restricted links need `showRestricted`. */
export default function SidebarNav({
  links,
  showRestricted,
  label,
  heading,
}: {
  links: NavLink[];
  showRestricted: boolean;
  label: string;
  heading?: string;
}) {
  const { pathname } = useLocation();
  const visible = links.filter((l) => showRestricted || !l.restricted);
  if (visible.length === 0) return null;
  return (
    <List
      component="nav"
      aria-label={label}
      dense
      subheader={heading ? <ListSubheader component="div">{heading}</ListSubheader> : undefined}
    >
      {visible.map((link) => (
        <NavItem key={link.key} link={link} pathname={pathname} depth={0} />
      ))}
    </List>
  );
}
