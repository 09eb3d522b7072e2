import { Badge, Tooltip } from '@mantine/core';
import { formatKarachiDateTime } from '@portal/contract/auth';

/** Whether sign-in is refused now (the server answers null once a lock has run out; a page left open may lag). */
export function isLocked(lockedUntil: string | null, now = Date.now()): boolean {
  return lockedUntil !== null && new Date(lockedUntil).getTime() > now;
}

/** 'Locked' beside an account's status while too many wrong passwords keep it from signing in (decision 018). */
export function LockedBadge({ lockedUntil }: { lockedUntil: string | null }) {
  if (!lockedUntil || !isLocked(lockedUntil)) return null;
  return (
    <Tooltip label={`Sign-in locked until ${formatKarachiDateTime(lockedUntil)}`}>
      <Badge variant="light" color="red" tt="none">
        Locked
      </Badge>
    </Tooltip>
  );
}
