// The core's messages for one input: errors, then warnings, each said in words (not only colour).

export function Messages({ id, errors, warnings }) {
  if (!errors?.length && !warnings?.length) return null;
  return (
    <ul class="msgs" id={`msg-${id}`}>
      {(errors || []).map((e, i) => (
        <li key={`e${i}`} class="err">
          <strong>Error:</strong> {e.message}
        </li>
      ))}
      {(warnings || []).map((w, i) => (
        <li key={`w${i}`} class="warn">
          <strong>Warning:</strong> {w.message}
        </li>
      ))}
    </ul>
  );
}
