/// How a controller asks to be shown (DESIGN §3's table): `show` for a drill-down, `showDetail` for the
/// secondary content.
enum Route: Sendable {
  case show, showDetail
}

/// `show`/`showDetail` walk up from the sender: the first ancestor that `canPerform` the route performs
/// it (a navigation controller pushes on `.show`, a split takes `.showDetail`); with no taker, the root
/// presents the controller full screen. Each container states its own row of the table as overrides.
extension Controller {
  func show(_ controller: Controller) { route(.show, controller) }
  func showDetail(_ controller: Controller) { route(.showDetail, controller) }

  private func route(_ route: Route, _ controller: Controller) {
    var node: Controller? = parent
    while let n = node {
      if n.canPerform(route, sender: self) {
        n.perform(route, controller, sender: self)
        return
      }
      node = n.parent
    }
    present(controller, style: .fullScreen)
  }
}
