/** What the poster shows: the company, the person, a line of introduction and the card's QR code (a canvas). */
export interface PosterContent {
  orgName: string;
  name: string;
  title: string;
  intro: string;
  qr: HTMLCanvasElement | null;
  hint: string;
}

const WIDTH = 750;
const HEIGHT = 1100;

function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Draw the poster in the browser and answer it as a PNG blob. */
export function drawPoster(p: PosterContent): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  const gradient = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  gradient.addColorStop(0, '#0b6b3a');
  gradient.addColorStop(1, '#14a05a');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(40, 220, WIDTH - 80, HEIGHT - 300);
  const font = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 40px ${font}`;
  ctx.fillText(fitText(ctx, p.orgName, WIDTH - 100), 50, 120);
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `bold 56px ${font}`;
  ctx.fillText(fitText(ctx, p.name, WIDTH - 160), 80, 320);
  ctx.fillStyle = '#555555';
  ctx.font = `32px ${font}`;
  ctx.fillText(fitText(ctx, p.title, WIDTH - 160), 80, 375);
  ctx.font = `28px ${font}`;
  ctx.fillText(fitText(ctx, p.intro, WIDTH - 160), 80, 440);
  if (p.qr) ctx.drawImage(p.qr, (WIDTH - 360) / 2, 500, 360, 360);
  ctx.fillStyle = '#888888';
  ctx.font = `26px ${font}`;
  ctx.textAlign = 'center';
  ctx.fillText(p.hint, WIDTH / 2, 920);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
