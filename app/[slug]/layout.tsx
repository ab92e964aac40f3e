import type { ReactNode } from "react";
import { StudioFooter } from "@/components/schedule/studio-footer";

type Props = { children: ReactNode; params: Promise<{ slug: string }> };

/** Every page of a studio's site: the page, and the studio's footer below it. */
export default async function StudioLayout({ children, params }: Props) {
  const { slug } = await params;
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex-1">{children}</div>
      <StudioFooter slug={slug} />
    </div>
  );
}
