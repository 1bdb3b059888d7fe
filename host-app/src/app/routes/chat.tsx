import { ChatPage } from '../../features/chat/chat-page.tsx'

/**
 * `/Chat` and `/Chat/{id}`: an expert's conversations with business owners (when chat is on for them), or a
 * business owner's conversations with experts. Signed-in people only (the router's guard).
 */
export default function ChatRoute() {
  return <ChatPage />
}
