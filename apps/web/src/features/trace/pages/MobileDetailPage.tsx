import { useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { useInFrame } from '../../../lib/route-context.ts';
import { extractTraceCode } from '../components/mobile/trace-code.ts';
import { ScanDetail } from '../scan/ScanDetail.tsx';

/**
 * /mobile/detail?code=… inside the console's router (a signed-in user following a link): the same page the light
 * public entry serves (scan/ScanDetail.tsx), in the public frame.
 */
export default function MobileDetailPage() {
  const inFrame = useInFrame();
  const page = <MobileDetail />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

export function MobileDetail() {
  const [params] = useSearchParams();
  return <ScanDetail code={extractTraceCode(params.get('code') ?? '')} />;
}
