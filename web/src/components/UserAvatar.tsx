import Avatar from '@mui/material/Avatar';
import { avatarUrl } from '../api/endpoints';
import type { UserOut } from '../api/types';

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The user's profile picture, with initials when there is none. */
export default function UserAvatar({ user, size = 40 }: { user: Pick<UserOut, 'id' | 'cacheKey' | 'fullName'>; size?: number }) {
  return (
    <Avatar src={avatarUrl(user)} alt="" sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: '#4A5568', color: '#FFFFFF' }}>
      {initials(user.fullName)}
    </Avatar>
  );
}
