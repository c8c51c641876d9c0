// Called on a node: its DOM textContent, whitespace kept, no generated content.
(function () { return this.textContent; })
