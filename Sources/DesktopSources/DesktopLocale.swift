/// The locale a localestring is chosen for, as GLib matches it:
/// `lang_COUNTRY@MODIFIER` tries `lang_COUNTRY@MODIFIER`, `lang@MODIFIER`,
/// `lang_COUNTRY`, `lang`, then the unlocalized key (the spec puts
/// `lang_COUNTRY` second). The `.ENCODING` part is ignored on both sides.
///
/// ```swift
/// DesktopLocale("sr_RS.UTF-8@latin")?.candidates  // ["sr_RS@latin", "sr@latin", "sr_RS", "sr"]
/// ```
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/localized-keys.html
public struct DesktopLocale: Sendable, Equatable, CustomStringConvertible {
    public let language: String
    public let country: String?
    public let modifier: String?
    /// The languages to fall back on, in order (`LANGUAGE`'s after its
    /// first), as GLib's `g_get_language_names` lists them.
    public private(set) var fallbacks: [DesktopLocale] = []

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

    /// The languages names are shown in, as GLib's `g_get_language_names`
    /// lists them, and so GNOME Shell: `LANGUAGE`'s (`de_DE:de:en`) when it
    /// is set and not empty, whatever the locale (gettext passes over it in
    /// the C locale, GLib does not: GNOME showed "Calculatrice" for
    /// `LANG=C.UTF-8 LANGUAGE=fr`, Limelight "Calculator"); else the first
    /// of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty (POSIX's
    /// precedence). Nil when that is none, or `C`.
    public static func fromEnvironment() -> DesktopLocale? { fromEnvironment(FileSystem.environment) }

    public static func fromEnvironment(_ lookup: (String) -> String?) -> DesktopLocale? {
        let languages = (lookup("LANGUAGE") ?? "").split(separator: ":").compactMap { DesktopLocale(String($0)) }
        if var first = languages.first {
            first.fallbacks = Array(languages.dropFirst())
            return first
        }
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap({ lookup($0) }).first(where: { !$0.isEmpty }) else { return nil }
        return DesktopLocale(value)
    }

    /// The `[…]` suffixes to try, most specific first, then the fallbacks'.
    public var candidates: [String] {
        var out: [String] = []
        // GLib's order (g_get_language_names), which GNOME shows names by:
        // the modifier — a script, as in sr@latin — before the country. The
        // spec lists lang_COUNTRY first, and took a Cyrillic sr_RS name for
        // a person reading Latin.
        if let country, let modifier { out.append("\(language)_\(country)@\(modifier)") }
        if let modifier { out.append("\(language)@\(modifier)") }
        if let country { out.append("\(language)_\(country)") }
        out.append(language)
        for f in fallbacks { for c in f.candidates where !out.contains(c) { out.append(c) } }
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
