import type { ActivityApplication } from '@sorte/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiGetBlob, apiPostForm } from '../../lib/api';
import { useSession } from '../../lib/session';

export interface ApplicationPage {
  list: ActivityApplication[];
  total: number;
}

const keys = {
  mine: (token: string | null, activityId?: string) => ['activities', token, activityId ?? ''] as const,
};

/** The member's applications (to one promotion when `activityId` is given), newest first. */
export function useApplications(activityId?: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: keys.mine(token, activityId),
    queryFn: () =>
      apiGet<ApplicationPage>('/wps/member/activity/applications', {
        query: { activityId, pageSize: 20 },
      }),
    enabled: Boolean(token),
  });
}

export interface ApplyInput {
  activityId: string;
  comment: string;
  images: File[];
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => {
      const form = new FormData();
      form.set('activityId', input.activityId);
      form.set('comment', input.comment);
      for (const image of input.images) form.append('images', image, image.name);
      return apiPostForm<ActivityApplication>('/wps/member/activity/apply', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['activities'] }),
  });
}

/**
 * An uploaded image as an object URL: the images are served to their owner only (the session
 * token travels in a header, which an <img src> cannot send), so they are fetched and shown locally.
 */
export function useImageUrl(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    apiGetBlob(path, abort.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
