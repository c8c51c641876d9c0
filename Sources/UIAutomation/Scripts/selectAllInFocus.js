// Selects all the text of the focused field (or editable region).
(() => {
  const field = document.activeElement;
  if (field && typeof field.select === 'function') field.select();
  else document.execCommand('selectAll');
})()
