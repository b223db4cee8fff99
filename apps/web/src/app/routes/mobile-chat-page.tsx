/** /mobile-chat: the Slack chat full-screen on phones. */
import { MobileSlackChat } from '@/features/slack/components/mobile-slack-chat';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';

export default function MobileChatPage() {
  usePageTitle(routeTitle(paths.mobileChat));
  return <MobileSlackChat />;
}
