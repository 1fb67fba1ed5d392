import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchImage } from '../../lib/documents.ts';

interface AuthedImageProps {
  /** An API address that answers the image to a caller with the session's token. */
  src: string;
  alt: string;
  className?: string;
  /** Shown while the image is on its way, and when it cannot be fetched. */
  placeholder: ReactNode;
  'data-testid'?: string;
}

/**
 * An image served only with the session's token, such as a teacher's photo (personal data): fetched
 * with the bearer header, like documents (lib/documents.ts), and shown from an object URL. The
 * address carries the file's version, so each version is fetched once and kept while the app is open.
 */
export function AuthedImage({ src, alt, className, placeholder, 'data-testid': testId }: AuthedImageProps) {
  const image = useQuery({
    queryKey: ['gambar-berkas', src],
    queryFn: ({ signal }) => fetchImage(src, signal),
    staleTime: Infinity,
    retry: 1,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return setUrl(null);
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  if (!url) return <>{placeholder}</>;
  return <img src={url} alt={alt} className={className} data-testid={testId} />;
}
