import { describe, expect, it } from 'vitest'
import { changedBody, createBody, type FieldSpec, formValues, moved, validateForm } from './content-form.ts'

const office: FieldSpec[] = [
  {
    name: 'center_id',
    label: 'admin.experts.center',
    kind: 'select',
    numeric: true,
    options: [
      { value: '3', label: 'Riyadh' },
      { value: '4', label: 'Jeddah' },
    ],
  },
  { name: 'name_ar', label: 'admin.content.nameAr', kind: 'text', required: true, max: 10, lang: 'ar' },
  { name: 'address_en', label: 'admin.content.addressEn', kind: 'textarea', max: 500 },
  { name: 'map_url', label: 'admin.content.mapUrl', kind: 'url', emptyIsNull: true },
  { name: 'is_retired', label: 'admin.content.retired', kind: 'check', editOnly: true },
]

describe('content forms (issue 33)', () => {
  it('starts a new item empty (a select at its first choice) and an edit at the item’s values', () => {
    expect(formValues(office)).toEqual({
      center_id: '3',
      name_ar: '',
      address_en: '',
      map_url: '',
      is_retired: false,
    })
    expect(
      formValues(office, {
        center_id: 4,
        name_ar: 'مكتب',
        address_en: 'Olaya',
        map_url: null,
        is_retired: true,
      }),
    ).toEqual({ center_id: '4', name_ar: 'مكتب', address_en: 'Olaya', map_url: '', is_retired: true })
  })

  it('checks required texts, lengths, links, e-mail addresses and phones', () => {
    const values = { ...formValues(office), name_ar: '  ', map_url: 'http://maps.example' }
    expect(validateForm(office, values)).toEqual({
      name_ar: { key: 'admin.form.required' },
      map_url: { key: 'admin.form.https' },
    })
    expect(
      validateForm(office, { ...values, name_ar: 'x'.repeat(11), map_url: 'https://maps.example/a' }),
    ).toEqual({
      name_ar: { key: 'admin.form.tooLong', values: { max: 10 } },
    })
    const contact: FieldSpec[] = [
      { name: 'email', label: 'admin.settings.email', kind: 'email' },
      { name: 'mobile', label: 'admin.settings.mobile', kind: 'phone' },
    ]
    expect(validateForm(contact, { email: 'a@b', mobile: '0500' })).toEqual({
      email: { key: 'admin.form.email' },
      mobile: { key: 'admin.form.phone' },
    })
    expect(validateForm(contact, { email: '', mobile: '+966500000000' })).toEqual({})
  })

  it('creates with every field but the edit-only ones, empty optional texts left out, ids as numbers', () => {
    expect(createBody(office, { ...formValues(office), center_id: '4', name_ar: ' مكتب ' })).toEqual({
      center_id: 4,
      name_ar: 'مكتب',
    })
  })

  it('edits with only the changed fields, an emptied link as null, and nothing when nothing changed', () => {
    const item = {
      id: 1,
      center_id: 3,
      name_ar: 'مكتب',
      address_en: '',
      map_url: 'https://m.example',
      is_retired: false,
    }
    expect(changedBody(office, formValues(office, item), item)).toBeNull()
    expect(
      changedBody(
        office,
        { ...formValues(office, item), map_url: ' ', is_retired: true, center_id: '4' },
        item,
      ),
    ).toEqual({ center_id: 4, map_url: null, is_retired: true })
  })

  it('moves a question one place up or down, and not past either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2])
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3])
  })
})
