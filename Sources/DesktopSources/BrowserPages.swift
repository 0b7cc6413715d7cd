/// A browser's own pages — `about:config`, an extension's options page —
/// as bookmarks: no desktop handler has their schemes, so `xdg-open` could
/// not open one, and choosing the hit did nothing. The browser the bookmark
/// belongs to opens it, given the address on its command line as any other.
///
/// Measured with Firefox ESR 153 and Chromium 156 given each address on
/// their command line: Firefox opens `about:`, `view-source:` and
/// `moz-extension:` pages so; Chromium opens `chrome-extension:` pages, and
/// its `chrome:`, `about:` and `view-source:` pages only from its own
/// address bar (given one, it shows the new tab page instead), so those are
/// not imported (`ChromiumBookmarks`): no one could open them from here.
public enum BrowserPages {
    /// Schemes Firefox serves itself and opens from its command line.
    static let firefoxSchemes: Set<String> = ["about", "view-source", "moz-extension"]
    /// Schemes Chromium serves itself and opens from its command line.
    static let chromiumSchemes: Set<String> = ["chrome-extension"]
    /// Schemes of Chromium's own pages, which it opens only from its address bar.
    static let chromiumAddressBarOnly: Set<String> = ["chrome", "about", "view-source", "devtools", "chrome-untrusted", "chrome-search"]

    /// Firefox's desktop file ids, most usual first: Debian's ESR, Mozilla's
    /// own and other distributions', the Flatpak's, the snap's.
    static let firefoxDesktopIDs = ["firefox-esr", "firefox", "org.mozilla.firefox", "firefox_firefox"]

    /// The desktop file ids of the browsers that open `url`, best first, when
    /// it is a page of the browser whose bookmarks `app` holds
    /// (`DesktopSource.ownerApp`; `id`, the bookmark's, tells Chrome's from
    /// Chromium's); nil when the desktop's handler for its scheme opens it.
    public static func browsers(opening url: String, app: String, id: String) -> [String]? {
        guard let scheme = scheme(of: url) else { return nil }
        switch app {
        case DesktopSource.firefox.ownerApp?.id where firefoxSchemes.contains(scheme):
            return firefoxDesktopIDs
        case DesktopSource.chromium.ownerApp?.id where chromiumSchemes.contains(scheme):
            // The browser whose Bookmarks file it came from first (its id
            // starts with the browser's directory), then the others.
            let own = ChromiumBookmarks.browsers.filter { id.hasPrefix($0.directory + "-") }
            let others = ChromiumBookmarks.browsers.filter { !id.hasPrefix($0.directory + "-") }
            return (own + others).flatMap(\.desktopIDs)
        default:
            return nil
        }
    }

    /// Whether Chromium opens `url` only from its own address bar.
    static func chromiumOpensOnlyFromItsAddressBar(_ url: String) -> Bool {
        scheme(of: url).map(chromiumAddressBarOnly.contains) ?? false
    }

    /// The scheme of `url`, lowercased: the letters, digits, `+ - .` before
    /// its first `:`, starting with a letter (RFC 3986); nil if it has none.
    static func scheme(of url: String) -> String? {
        let bytes = Array(url.utf8.prefix { $0 != UInt8(ascii: ":") })
        guard bytes.count < url.utf8.count, let first = bytes.first, isLetter(first),
              bytes.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    private static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
}
