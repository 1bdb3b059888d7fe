import { beforeEach, describe, expect, it } from 'vitest'
import { $isLoading, $loadingCount, beginLoading, resetLoading } from './loading.ts'

describe('loading state', () => {
  beforeEach(() => resetLoading())

  it('counts begun calls and ends each once', () => {
    const endFirst = beginLoading()
    const endSecond = beginLoading()
    expect($loadingCount.get()).toBe(2)
    expect($isLoading.get()).toBe(true)
    endFirst()
    endFirst()
    expect($loadingCount.get()).toBe(1)
    endSecond()
    expect($loadingCount.get()).toBe(0)
    expect($isLoading.get()).toBe(false)
  })

  it('forgets calls begun before a reset', () => {
    const endOld = beginLoading()
    resetLoading()
    const endNew = beginLoading()
    endOld()
    expect($loadingCount.get()).toBe(1)
    endNew()
    expect($loadingCount.get()).toBe(0)
  })

  it('never goes below 0', () => {
    const end = beginLoading()
    $loadingCount.set(0)
    end()
    expect($loadingCount.get()).toBe(0)
  })
})
