import { useEffect, useState } from 'react';
import { listBanks } from '../../api/banks';
import { logger } from '../../logging/logger';

/** The company's banks for the choosers (default first); empty until loaded or when it fails. */
export function useBanks(enterpriseId: number | null) {
  const [banks, setBanks] = useState<{ id: number; name: string; isDefault: boolean }[]>([]);
  useEffect(() => {
    if (enterpriseId === null) return;
    let live = true;
    listBanks(enterpriseId)
      .then((list) => {
        if (live) setBanks(list.map(({ id, name, isDefault }) => ({ id, name, isDefault })));
      })
      .catch((error) => logger.warn('Banks list failed', { error: String(error) }));
    return () => {
      live = false;
    };
  }, [enterpriseId]);
  return banks;
}
