/// A size class (DESIGN §2): how much room there is in one direction, in the two buckets UIKit uses.
public enum SizeClass: Sendable, CustomStringConvertible {
  case compact, regular
  public var description: String { self == .compact ? "compact" : "regular" }
}

/// The traits a controller lays itself out by (DESIGN §2, UITraitCollection). Every controller inherits its
/// parent's traits unless the parent set an override for it; the screen's own traits come from its size.
public struct TraitCollection: Equatable, Sendable {
  public var horizontalSizeClass: SizeClass
  public var verticalSizeClass: SizeClass

  public init(horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
  }

  /// The screen's own traits: horizontally regular from `regularWidth` columns, vertically compact under
  /// `compactHeight` rows (DESIGN §2 defaults 100 and 24).
  public static func screen(_ size: Size, regularWidth: Int = 100, compactHeight: Int = 24) -> TraitCollection {
    TraitCollection(
      horizontalSizeClass: size.width >= regularWidth ? .regular : .compact,
      verticalSizeClass: size.height < compactHeight ? .compact : .regular)
  }

  /// These traits with the set fields of `override` replacing them.
  public func applying(_ override: TraitOverride?) -> TraitCollection {
    TraitCollection(
      horizontalSizeClass: override?.horizontalSizeClass ?? horizontalSizeClass,
      verticalSizeClass: override?.verticalSizeClass ?? verticalSizeClass)
  }
}

/// A partial trait collection a parent imposes on one child (`setOverrideTraitCollection(_:forChild:)`);
/// a nil field means "inherit".
public struct TraitOverride: Equatable, Sendable {
  public var horizontalSizeClass: SizeClass?
  public var verticalSizeClass: SizeClass?

  public init(horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
  }
}
