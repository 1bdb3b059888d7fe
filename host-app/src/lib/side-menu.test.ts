import { $auth } from '@mashura/core'
import { configureStorage, memoryStorage, signedOutState } from '@mashura/core/testing'
import { cleanStores } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  $activeMenuItem,
  isSideMenuItem,
  SIDE_MENU_ITEMS,
  setActiveMenuItem,
  sideMenuItems,
  storedMenuItem,
} from './side-menu.ts'

let storage: ReturnType<typeof memoryStorage>
let unsubscribe: () => void = () => {}

beforeEach(() => {
  storage = memoryStorage()
  configureStorage({ local: storage, session: memoryStorage() })
  $auth.set(signedOutState())
})
/** Unsubscribes and unmounts at once (nanostores waits a second otherwise). */
function unmountMenu(): void {
  unsubscribe()
  cleanStores($activeMenuItem)
}
afterEach(unmountMenu)

/** Subscribes as the side menu does, which reads the stored item. */
function mountMenu(): void {
  unsubscribe = $activeMenuItem.listen(() => {})
}

describe('side menu items (spec 2)', () => {
  it('lists the side menu items and recognises them', () => {
    expect(SIDE_MENU_ITEMS).toEqual(['home', 'sessions', 'week', 'profile', 'about', 'logout'])
    expect(isSideMenuItem('about')).toBe(true)
    expect(isSideMenuItem('week')).toBe(true)
    expect(isSideMenuItem('dashboard')).toBe(false)
    expect(isSideMenuItem(null)).toBe(false)
  })

  it('gives the side menu its items per person: the week of slots to experts only', () => {
    expect(sideMenuItems(false, 'sme')).toEqual(['home', 'about'])
    expect(sideMenuItems(false, 'contributor')).toEqual(['home', 'about'])
    expect(sideMenuItems(true, 'sme')).toEqual(['home', 'sessions', 'profile', 'about', 'logout'])
    expect(sideMenuItems(true, 'contributor')).toEqual([
      'home',
      'sessions',
      'week',
      'profile',
      'about',
      'logout',
    ])
  })
})

describe('active menu item (spec 2)', () => {
  it('is kept in state and in storage, and read back', () => {
    mountMenu()
    setActiveMenuItem('about')
    expect($activeMenuItem.get()).toBe('about')
    expect(storage.getItem('activeMenuItem')).toBe('about')
    unmountMenu()
    mountMenu()
    expect($activeMenuItem.get()).toBe('about')
    storage.setItem('activeMenuItem', 'nonsense')
    expect(storedMenuItem(storage)).toBeNull()
  })

  it('is forgotten on sign-out, and kept while signed out', () => {
    storage.setItem('activeMenuItem', 'home')
    mountMenu()
    expect($activeMenuItem.get()).toBe('home')
    $auth.setKey('userName', 'سارة')
    expect($activeMenuItem.get()).toBe('home')
    $auth.setKey('token', 'tok')
    setActiveMenuItem('sessions')
    $auth.set(signedOutState())
    expect($activeMenuItem.get()).toBeNull()
  })
})
