/** /mobile-chat: the Slack chat full-screen on phones. */
import { MobileSlackChat } from '@/features/slack/components/mobile-slack-chat';

export default function MobileChatPage() {
  return <MobileSlackChat />;
}
