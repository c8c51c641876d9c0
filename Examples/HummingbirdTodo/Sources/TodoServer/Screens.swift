/// The app's HTML. Every string that comes from a user (to-do titles, the list's name) goes
/// through ``escape(_:)``.
enum Screens {
    /// The list: its name, the form to add a to-do, how many are left, and the to-dos.
    static func list(name: String, todos: [Todo]) -> String {
        let left = todos.filter { !$0.done }.count
        let rows = todos.map { todo in
            """
            <li data-testid="todo-\(todo.id)"\(todo.done ? " class=\"done\"" : "")>
              <a href="/todos/\(todo.id)" data-testid="todo-\(todo.id)-link">\(escape(todo.title))</a>
              <form method="post" action="/todos/\(todo.id)/toggle">
                <button type="submit" data-testid="todo-\(todo.id)-toggle" aria-pressed="\(todo.done)" aria-label="\(todo.done ? "Reopen" : "Complete") \(escape(todo.title))">\(todo.done ? "Reopen" : "Done")</button>
              </form>
            </li>
            """
        }
        let list =
            todos.isEmpty
            ? #"<p data-testid="empty">Nothing to do.</p>"#
            : #"<ul aria-label="To-dos" data-testid="todo-list">"# + rows.joined() + "</ul>"
        return page(
            title: name,
            body: """
                <header><h1 data-testid="list-title">\(escape(name))</h1></header>
                <main>
                  <form method="post" action="/todos" class="add">
                    <label for="new-todo">New to-do</label>
                    <input id="new-todo" name="title" data-testid="new-todo" autocomplete="off" maxlength="200">
                    <button type="submit" data-testid="add">Add</button>
                  </form>
                  <p data-testid="remaining">\(left) \(left == 1 ? "item" : "items") left</p>
                  \(list)
                </main>
                """)
    }

    /// One to-do: its title, its state, a button to change it, and the way back.
    static func detail(_ todo: Todo) -> String {
        page(
            title: todo.title,
            body: """
                <nav><a href="/" data-testid="back">Back to the list</a></nav>
                <main>
                  <h1 data-testid="todo-title">\(escape(todo.title))</h1>
                  <p data-testid="todo-state">\(todo.done ? "Done" : "Open")</p>
                  <form method="post" action="/todos/\(todo.id)/toggle">
                    <input type="hidden" name="from" value="detail">
                    <button type="submit" data-testid="toggle" aria-pressed="\(todo.done)">\(todo.done ? "Reopen" : "Mark as done")</button>
                  </form>
                </main>
                """)
    }

    static func notFound() -> String {
        page(title: "Not found", body: #"<main><h1>Not found</h1><p><a href="/" data-testid="back">Back to the list</a></p></main>"#)
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>\(escape(title))</title>
          <style>
            body { font: 17px -apple-system, system-ui, sans-serif; margin: 0 auto; max-width: 430px; padding: 16px; }
            li { display: flex; justify-content: space-between; align-items: center; padding: 8px 0; }
            li.done a { text-decoration: line-through; color: #666; }
            form.add { display: flex; gap: 8px; align-items: center; }
            button { min-height: 44px; min-width: 44px; }
            input { min-height: 36px; flex: 1; }
          </style>
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// `text` safe in HTML text and in quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
