import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob } from './api';

/**
 * A file only an operator may read (a withdrawal proof, an application's picture): fetched with the
 * back-office token as a blob, shown through an object URL that is revoked when it is no longer shown.
 */
export function useBlobUrl(path: string) {
  const file = useQuery({
    queryKey: ['bo', 'blob', path],
    queryFn: () => apiBlob(path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);
  return { url, error: file.error, isLoading: file.isLoading };
}
