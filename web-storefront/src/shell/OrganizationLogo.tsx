import { useState } from 'react';
import Box from '@mui/material/Box';

/**
 * An organization's logo from /images/ (001-7.13): the server draws a monogram for organizations without
 * an image. If the image fails, the initials are shown (the seed falls back to the original image).
 */
export function OrganizationLogo({
  code,
  name,
  image,
}: {
  code: string;
  name: string;
  image?: string | null;
}) {
  const [failed, setFailed] = useState(false);
  const src = image ?? `/images/organizations/${encodeURIComponent(code)}.svg`;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        flex: '0 0 48px',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.200',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
      }}
    >
      {failed ? (
        <span aria-label={name}>{initials}</span>
      ) : (
        <img src={src} alt={name} width={48} height={48} loading="lazy" onError={() => setFailed(true)} />
      )}
    </Box>
  );
}
