import { API_PATHS } from '@contract';
import type { Report, ReportBody } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** Files a report; a repeat of an open one answers that one (the server keeps one per target). */
export function fileReport(body: ReportBody): Promise<Report> {
  return apiData<Report>(API_PATHS.reports, { method: 'POST', json: body });
}

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
