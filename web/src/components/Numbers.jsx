// A list of [what, value] pairs as a description list (label left, number right).

export function Numbers({ rows }) {
  return (
    <dl class="nums">
      {rows.map(([k, value]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
