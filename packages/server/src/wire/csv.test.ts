import { describe, expect, it } from 'vitest'
import { BOM, csvField, csvHeaders, csvText } from './csv.ts'

describe('csvText', () => {
  it('starts with a byte-order mark and ends every record with CRLF', () => {
    const text = csvText([
      ['a', 'b'],
      [1, 2],
    ])
    expect(text.startsWith(BOM)).toBe(true)
    expect(text).toBe(`${BOM}a,b\r\n1,2\r\n`)
  })

  it('keeps Arabic text as it is', () => {
    expect(csvText([['مركز الرياض', 'التسويق']])).toBe(`${BOM}مركز الرياض,التسويق\r\n`)
    expect(Buffer.from(csvText([['مشورة']]), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  })

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"')
    expect(csvField('plain')).toBe('plain')
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvField('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`)
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\tx')).toBe("'\tx")
    expect(csvField('a=b')).toBe('a=b')
  })

  it('writes numbers, flags and nothing plainly', () => {
    expect(csvField(-5)).toBe('-5')
    expect(csvField(2.5)).toBe('2.5')
    expect(csvField(true)).toBe('true')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(Number.NaN)).toBe('')
  })

  it('names the download safely', () => {
    const headers = csvHeaders('sessions 2026-01-01"x.csv')
    expect(headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(headers['content-disposition']).toBe('attachment; filename="sessions_2026-01-01_x.csv"')
  })
})
