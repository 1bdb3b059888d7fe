import type { UserRole } from '@mashura/core'
import { useState } from 'react'
import { initialsAvatar, storedProfilePicture } from './use-shell.ts'

/** The props of {@link Avatar}. */
export interface AvatarProps {
  /** The person's full name (for the initials when there is no photo). */
  name: string | null
  /** The acting role: whose stored picture to show. */
  role: UserRole
  /** The side in CSS pixels. */
  size: number
}

/** A person's round photo, or their initials when there is none or it fails to load. Decorative. */
export function PhotoAvatar({
  name,
  photo,
  size,
  className = 'avatar',
}: {
  name: string | null
  photo: string | null
  size: number
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = photo && failed !== photo ? photo : initialsAvatar(name)
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(photo)}
      referrerPolicy="no-referrer"
    />
  )
}

/**
 * The signed-in person's round picture from the login data, or their initials when there is none or it
 * fails to load. Decorative: the name is always written beside it.
 */
export function Avatar({ name, role, size }: AvatarProps) {
  return <PhotoAvatar name={name} photo={storedProfilePicture(role)} size={size} />
}
