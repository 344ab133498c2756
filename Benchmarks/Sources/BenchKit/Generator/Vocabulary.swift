/// The words and phrases generated guidelines are made of: interface nouns, verbs, adjectives,
/// qualifiers and app names, with the synonyms a rewording swaps.
///
/// Every lowercase word here is in the lexicon compiled into `hig` (`Data/lexicon`), so the
/// glued-word repair never cuts one of them (a test checks this).
enum Vocabulary {
    struct Noun: Sendable {
        let one: String
        let many: String
    }

    struct Verb: Sendable {
        let base: String
        let third: String
        let gerund: String
    }

    static let nouns: [Noun] = [
        ("alert", "alerts"), ("button", "buttons"), ("title", "titles"), ("message", "messages"),
        ("toolbar", "toolbars"), ("sidebar", "sidebars"), ("menu", "menus"), ("sheet", "sheets"),
        ("popover", "popovers"), ("control", "controls"), ("slider", "sliders"), ("toggle", "toggles"),
        ("label", "labels"), ("icon", "icons"), ("symbol", "symbols"), ("list", "lists"), ("table", "tables"),
        ("window", "windows"), ("panel", "panels"), ("notification", "notifications"), ("badge", "badges"),
        ("gesture", "gestures"), ("animation", "animations"), ("field", "fields"), ("tab", "tabs"),
        ("view", "views"), ("image", "images"), ("font", "fonts"), ("color", "colors"), ("layout", "layouts"),
        ("widget", "widgets"), ("setting", "settings"), ("shortcut", "shortcuts"), ("pointer", "pointers"),
        ("action", "actions"), ("checkbox", "checkboxes"), ("picker", "pickers"), ("glyph", "glyphs"),
        ("tooltip", "tooltips"), ("caption", "captions"), ("screenshot", "screenshots"),
        ("progress indicator", "progress indicators"), ("search field", "search fields"),
        ("text field", "text fields"), ("activity indicator", "activity indicators"),
        ("navigation bar", "navigation bars"), ("status bar", "status bars"), ("tab bar", "tab bars"),
        ("action sheet", "action sheets"), ("context menu", "context menus"), ("split view", "split views"),
        ("scroll view", "scroll views"), ("page control", "page controls"), ("segmented control", "segmented controls"),
        ("date picker", "date pickers"), ("app icon", "app icons"), ("launch screen", "launch screens"),
        ("complication", "complications"), ("keyboard shortcut", "keyboard shortcuts"), ("dropdown menu", "dropdown menus"),
        ("disclosure button", "disclosure buttons"), ("modal view", "modal views"), ("onboarding screen", "onboarding screens"),
        ("haptic pattern", "haptic patterns"), ("sound effect", "sound effects"), ("error message", "error messages"),
        ("destructive action", "destructive actions"), ("default button", "default buttons"),
        ("cancel button", "cancel buttons"), ("help button", "help buttons"), ("accent color", "accent colors"),
    ].map { Noun(one: $0.0, many: $0.1) }

    /// Second nouns of a compound object ("toolbar items", "alert titles").
    static let compoundHeads = ["items", "titles", "labels", "buttons", "messages", "icons", "controls", "actions", "settings", "options"]

    static let verbs: [Verb] = [
        ("show", "shows", "showing"), ("display", "displays", "displaying"), ("use", "uses", "using"),
        ("provide", "provides", "providing"), ("include", "includes", "including"), ("place", "places", "placing"),
        ("label", "labels", "labeling"), ("describe", "describes", "describing"), ("hide", "hides", "hiding"),
        ("reveal", "reveals", "revealing"), ("group", "groups", "grouping"), ("limit", "limits", "limiting"),
        ("choose", "chooses", "choosing"), ("support", "supports", "supporting"), ("test", "tests", "testing"),
        ("design", "designs", "designing"), ("position", "positions", "positioning"), ("animate", "animates", "animating"),
        ("customize", "customizes", "customizing"), ("offer", "offers", "offering"), ("present", "presents", "presenting"),
        ("dismiss", "dismisses", "dismissing"), ("confirm", "confirms", "confirming"), ("replace", "replaces", "replacing"),
        ("scale", "scales", "scaling"), ("highlight", "highlights", "highlighting"), ("combine", "combines", "combining"),
        ("stack", "stacks", "stacking"), ("reorder", "reorders", "reordering"), ("update", "updates", "updating"),
        ("find", "finds", "finding"), ("understand", "understands", "understanding"), ("compare", "compares", "comparing"),
        ("review", "reviews", "reviewing"), ("adjust", "adjusts", "adjusting"), ("expect", "expects", "expecting"),
        ("notice", "notices", "noticing"), ("ignore", "ignores", "ignoring"), ("interrupt", "interrupts", "interrupting"),
    ].map { Verb(base: $0.0, third: $0.1, gerund: $0.2) }

    /// Verbs whose subject is people ("people need to find ...").
    static let peopleVerbs = [
        "find", "understand", "compare", "review", "adjust", "dismiss", "confirm", "choose", "notice", "reorder", "customize",
    ]

    static let adjectives = [
        "short", "clear", "consistent", "familiar", "concise", "legible", "prominent", "visible", "useful",
        "specific", "predictable", "simple", "important", "large", "small", "secondary", "primary", "custom",
        "standard", "default", "destructive", "informative", "temporary", "persistent", "interactive", "bold",
        "subtle", "dense", "compact", "plain", "descriptive", "redundant", "confusing", "distracting", "optional",
    ]

    /// Phrases that close a statement ("in both orientations"); each group's members say the same.
    static let qualifiers: [[String]] = [
        ["in both orientations", "in portrait and landscape"],
        ["whenever possible", "when possible", "if possible"],
        ["on every device", "on all devices"],
        ["in the current context", "in context"],
        ["at the top of the screen", "near the top of the screen"],
        ["for destructive actions", "for actions that destroy data"],
        ["in a consistent way", "consistently"],
        ["when people need it", "when people need them"],
        ["without interrupting people", "without interrupting the task"],
        ["across your app", "throughout your app"],
        ["in dark mode", "in a dark appearance"],
        ["in every language", "in all languages"],
        ["at small sizes", "at smaller sizes"],
        ["on the first launch", "at first launch"],
        ["in a compact layout", "in compact layouts"],
        ["during a task", "while a task runs"],
        ["in a sidebar", "inside a sidebar"],
        ["for common actions", "for frequent actions"],
        ["with a single tap", "with one tap"],
        ["before people commit", "before people confirm"],
    ]

    static let appNames = [
        "Mail", "Photos", "Music", "Maps", "Notes", "Calendar", "Safari", "Messages", "Podcasts", "Reminders", "Weather", "Files",
    ]

    /// Words a rewording may swap for another word of the same group. Only lowercase words that
    /// play the same part in every template are grouped.
    static let synonymGroups: [[String]] = [
        ["people", "users"], ["app", "application"], ["apps", "applications"], ["short", "brief", "concise"],
        ["important", "essential", "critical"], ["quickly", "rapidly"], ["often", "frequently"],
        ["usually", "typically"], ["clear", "understandable"], ["large", "big"], ["consistent", "uniform"],
        ["familiar", "recognizable"], ["prominent", "conspicuous"], ["useful", "helpful"], ["confusing", "unclear"],
        ["understand", "grasp"], ["find", "locate"], ["difficult", "hard"], ["legible", "readable"],
        ["interrupt", "disrupt"], ["dangerous", "risky"], ["might", "may"], ["annoying", "irritating"],
        ["choose", "select"], ["helps", "lets"], ["easier", "simpler"], ["obvious", "evident"],
    ]

    /// Words sections are named with ("Alert buttons", "Toolbar layout").
    static let sectionHeads = [
        "basics", "layout", "content", "behavior", "appearance", "buttons", "titles", "placement", "sizes", "interaction", "accessibility",
        "text", "states", "spacing", "feedback",
    ]

    /// Function words that may follow a glued word ("testthe").
    static let articles: Set<String> = ["a", "an", "the"]
}
