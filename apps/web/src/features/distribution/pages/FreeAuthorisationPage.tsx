import { useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { useInFrame } from '../../../lib/route-context.ts';
import { AuthorisationLookup } from '../light/AuthorisationLookup.tsx';

/**
 * /free/authorisation?id=… inside the console's router (a signed-in user following a link): the same page the light
 * public entry serves (light/AuthorisationLookup.tsx), in the public frame.
 */
export default function FreeAuthorisationPage() {
  const inFrame = useInFrame();
  const [params] = useSearchParams();
  const page = <AuthorisationLookup initialId={params.get('id') ?? ''} />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}
