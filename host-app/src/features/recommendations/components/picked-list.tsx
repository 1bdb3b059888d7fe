/** The chosen items of a picker as a list with a remove button each; `emptyText` when none is chosen. */
export function PickedList({
  items,
  emptyText,
  removeLabel,
  onRemove,
  kind,
}: {
  items: { id: number; label: string }[]
  emptyText: string
  removeLabel: (label: string) => string
  onRemove: (id: number) => void
  kind: 'course' | 'service'
}) {
  if (items.length === 0) return <p className="muted recs-picked-empty">{emptyText}</p>
  return (
    <ul className="chip-list recs-picked" data-region={`picked-${kind}s`}>
      {items.map((item) => (
        <li key={item.id} className="recs-chip" {...{ [`data-${kind}-id`]: item.id }}>
          <span>{item.label}</span>
          <button
            type="button"
            className="recs-chip-remove"
            onClick={() => onRemove(item.id)}
            aria-label={removeLabel(item.label)}
            data-action={`remove-${kind}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
