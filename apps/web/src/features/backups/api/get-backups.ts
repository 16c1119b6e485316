import { useQuery } from '@tanstack/react-query';

import type { BackupStatus } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The backups' state: the schedule, the last good backup and the recent runs (admins). */
export function useBackupStatus() {
  return useQuery({
    queryKey: queryKeys.backups,
    queryFn: ({ signal }) => apiGet<BackupStatus>('/backups', { signal, auth: true }),
  });
}
