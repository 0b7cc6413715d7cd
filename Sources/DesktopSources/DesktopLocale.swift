/// The locale a localestring is chosen for, as the Desktop Entry spec matches it:
/// `lang_COUNTRY@MODIFIER` tries `lang_COUNTRY@MODIFIER`, `lang_COUNTRY`,
/// `lang@MODIFIER`, `lang`, then the unlocalized key. The `.ENCODING` part is
/// ignored on both sides.
///
/// ```swift
/// DesktopLocale("sr_RS.UTF-8@latin")?.candidates  // ["sr_RS@latin", "sr_RS", "sr@latin", "sr"]
/// ```
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/localized-keys.html
public struct DesktopLocale: Sendable, Equatable, CustomStringConvertible {
    public let language: String
    public let country: String?
    public let modifier: String?

    /// Parses `lang[_COUNTRY][.ENCODING][@MODIFIER]`; nil for `C`, `POSIX` and
    /// the empty name, which select no translation.
    public init?(_ name: String) {
        let (withoutModifier, modifier) = DesktopLocale.split(name, at: "@")
        let (withoutEncoding, _) = DesktopLocale.split(withoutModifier, at: ".")
        let (language, country) = DesktopLocale.split(withoutEncoding, at: "_")
        guard !language.isEmpty, language != "C", language != "POSIX" else { return nil }
        self.language = language
        self.country = country.flatMap { $0.isEmpty ? nil : $0 }
        self.modifier = modifier.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The locale of messages: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that
    /// is set and not empty (POSIX's precedence); nil when none is, or it is `C`.
    public static func fromEnvironment() -> DesktopLocale? { fromEnvironment(FileSystem.environment) }

    public static func fromEnvironment(_ lookup: (String) -> String?) -> DesktopLocale? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = lookup(variable), !value.isEmpty { return DesktopLocale(value) }
        }
        return nil
    }

    /// The `[…]` suffixes to try, most specific first.
    public var candidates: [String] {
        var out: [String] = []
        if let country, let modifier { out.append("\(language)_\(country)@\(modifier)") }
        if let country { out.append("\(language)_\(country)") }
        if let modifier { out.append("\(language)@\(modifier)") }
        out.append(language)
        return out
    }

    public var description: String {
        language + (country.map { "_" + $0 } ?? "") + (modifier.map { "@" + $0 } ?? "")
    }

    /// A key's locale as written (`de_DE.UTF-8@euro`) without its encoding (`de_DE@euro`).
    static func withoutEncoding(_ name: String) -> String {
        let (withoutModifier, modifier) = split(name, at: "@")
        let (withoutEncoding, _) = split(withoutModifier, at: ".")
        return withoutEncoding + (modifier.map { "@" + $0 } ?? "")
    }

    private static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}
