// What the office profile feature offers other features (decision 0061): its form, shown on the
// signing officials' page and downloaded when that tab is opened.
import { lazy } from 'react';

export const ProfilKantorForm = lazy(() =>
  import('./profil-kantor-form.tsx').then((m) => ({ default: m.ProfilKantorForm })),
);
