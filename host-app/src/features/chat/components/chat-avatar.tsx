import { PhotoAvatar } from '../../../components/layout/avatar.tsx'

/** A conversation partner's round photo, or their initials when there is none or it fails. Decorative. */
export function ChatAvatar({
  name,
  photo,
  size = 44,
}: {
  name: string
  photo: string | null
  size?: number
}) {
  return <PhotoAvatar name={name} photo={photo} size={size} className="chat-avatar" />
}
