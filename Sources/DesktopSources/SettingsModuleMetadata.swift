/// What a Plasma settings module (a KCM: "Connections", "Audio") says of
/// itself beyond its name. Its desktop file
/// (`kcm_networkmanagement.desktop`: `NoDisplay`, `X-KDE-AliasFor=systemsettings`)
/// holds only a name and a command line. Its description and search keywords
/// ("networks,wifi,wi-fi,ethernet,…") are in the module's Qt plugin, as the
/// metadata Qt writes into the library. KRunner and System Settings' own
/// search find modules by them. Without them, "wifi" and "battery" found
/// nothing in a Plasma session (`make eval-desktop`'s Plasma probes: 60.0%
/// right first, 85.0% with them).
///
/// Qt writes the metadata as CBOR after a marker:
/// - Qt 5: `QTMETADATA !` in `.qtmetadata`;
/// - Qt 6: the ELF note named `qt-project!`.
/// Either way, four header bytes follow (format version, Qt's major and minor
/// version, flags), then a map whose key 4 holds the plugin's JSON:
/// `KPlugin.Description`, `X-KDE-Keywords` (a comma-separated string, or an
/// array in KF6), each also translated (`Description[de]`).
struct SettingsModuleMetadata: Equatable {
    var description: String?
    var keywords: [String]

    /// Where System Settings loads its modules from, under each Qt plugin
    /// directory (KPluginMetaData::findPlugins with these namespaces).
    static let namespaces = ["plasma/kcms/systemsettings", "plasma/kcms/systemsettings_qwidgets", "plasma/kcms/kinfocenter"]
    /// Past this a file is no settings module (the largest of Debian's
    /// Plasma 5.27 modules is 0.6 MB).
    static let maxLibraryBytes = 32 << 20

    /// The metadata of module `id` (`kcm_networkmanagement`): from the first
    /// of `directories` that has its library, in `locale`. Nil where none
    /// has it or its metadata cannot be read: then the module is found by
    /// its name only, as before.
    static func find(module id: String, in directories: [String], locale: DesktopLocale?) -> SettingsModuleMetadata? {
        guard !id.isEmpty, !id.contains("/") else { return nil }
        for directory in directories {
            for space in namespaces {
                let path = directory + "/" + space + "/" + id + ".so"
                guard let size = FileSystem.status(path).map({ Int($0.st_size) }), FileSystem.isRegularFile(path) else { continue }
                guard size <= maxLibraryBytes, let bytes = try? FileSystem.contents(of: path) else { return nil }
                return read(bytes, locale: locale)
            }
        }
        return nil
    }

    /// The metadata in a plugin library's bytes.
    static func read(_ library: [UInt8], locale: DesktopLocale?) -> SettingsModuleMetadata? {
        for marker in ["QTMETADATA !", "qt-project!\0"] {
            guard let at = firstIndex(of: Array(marker.utf8), in: library) else { continue }
            // The header: format version, Qt major, Qt minor, flags.
            let start = at + marker.utf8.count + 4
            guard start < library.count, let root = CBOR.decode(library, at: start),
                  let json = root[Int64(4)] else { continue }
            let plugin = json["KPlugin"]
            let description = localized("Description", in: plugin, locale)?.text.flatMap { $0.isEmpty ? nil : $0 }
            // KF5 has the keywords beside KPlugin; a KF6 module may put them in it.
            let keywords = (localized("X-KDE-Keywords", in: json, locale) ?? localized("X-KDE-Keywords", in: plugin, locale))
                .map(Self.keywords) ?? []
            return SettingsModuleMetadata(description: description, keywords: keywords)
        }
        return nil
    }

    /// `key` in `map` as a desktop file's localestring is chosen: the
    /// locale's candidates in order (`de_DE`, `de`), then the key itself.
    private static func localized(_ key: String, in map: CBOR?, _ locale: DesktopLocale?) -> CBOR? {
        guard let map else { return nil }
        for candidate in locale?.candidates ?? [] {
            if let value = map[key + "[" + candidate + "]"] { return value }
        }
        return map[key]
    }

    /// "sound,volume,output," or ["sound", "volume"]: each keyword once, trimmed.
    private static func keywords(_ value: CBOR) -> [String] {
        var words: [String] = []
        switch value {
        case let .text(list): words = list.split(separator: ",").map(String.init)
        case let .array(items): words = items.compactMap(\.text)
        default: break
        }
        var seen = Set<String>()
        let trimmed = words.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        return trimmed.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
