import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { codesFromSearch, codesSearch, sameCodes } from '../domain/compare/compareLink';

/**
 * The products of the table, in column order, kept in the address (`?codes=…`) so that the address is
 * always the table's shared link. The page owns the list (a removal redraws at once, not after the
 * router's navigation); the address follows it, and a new address followed while on the page (a link,
 * back or forward) replaces it. Without codes in the address the table starts from the compare slots.
 */
export function useTableCodes(slotCodes: readonly string[]): [string[], (codes: string[]) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const addressCodes = useMemo(() => codesFromSearch(location.search), [location.search]);
  const [codes, setCodes] = useState<string[]>(() =>
    addressCodes.length > 0 ? addressCodes : [...slotCodes],
  );
  /** What the address says, or is about to say once our own navigation lands. */
  const written = useRef<string[]>(addressCodes);

  useEffect(() => {
    if (sameCodes(addressCodes, written.current)) return;
    written.current = addressCodes;
    if (addressCodes.length > 0) setCodes(addressCodes);
    else if (codes.length > 0) {
      written.current = codes;
      navigate({ search: codesSearch(codes) }, { replace: true, preventScrollReset: true });
    }
    // Only a change of the address matters here; `codes` is read as it is then.
  }, [addressCodes]);

  useEffect(() => {
    if (sameCodes(codes, written.current)) return;
    written.current = codes;
    navigate({ search: codesSearch(codes) }, { replace: true, preventScrollReset: true });
  }, [codes, navigate]);

  return [codes, setCodes];
}
