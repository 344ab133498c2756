/// Which words a shortest edit removes from one word list and inserts into another: the edit
/// Swift 6.3's `difference(from:)` makes, found without its cost.
///
/// `difference(from:)` is not inlinable, so it runs unspecialized: each comparison of two words
/// goes through a witness table, and its metadata lookups alone took 6% of a `hig diff` of two
/// editions of 100,000 rules. This is the same search as Swift 6.3's (Myers' linear-space
/// refinement: the middle snake of a box, then the box before it and the box after it),
/// specialized to the words, with the same choice wherever several shortest edits exist, so that
/// what a diff shows and how a change is classed stayed as they were. Being hig's own, the choice
/// no longer depends on the toolchain: older standard libraries ran another search, which chose
/// differently among equally short edits. Tests check that every edit is a shortest one, pin a
/// few ties traced by hand, and, on Swift 6.3 or later, compare the two on random word lists
/// with few distinct words, where ties are many.
enum ShortestEdit {
    /// The offsets of the words removed from `a` and inserted into `b`, as flags.
    static func changes<Word: Equatable>(
        from a: UnsafeBufferPointer<Word>, to b: UnsafeBufferPointer<Word>
    ) -> (removed: [Bool], inserted: [Bool]) {
        var removed = [Bool](repeating: false, count: a.count)
        var inserted = [Bool](repeating: false, count: b.count)
        let whole = Box(left: 0, top: 0, right: a.count, bottom: b.count).shrunk(a, b)
        guard whole.size > 0 else { return (removed, inserted) }
        var search = Search(size: whole.size)
        var pending: [Box] = []
        var box = whole
        while true {
            let (edit, snake) = search.middleSnake(of: box, a, b)
            switch edit {
            case .removal(let offset)?: removed[offset] = true
            case .insertion(let offset)?: inserted[offset] = true
            case nil: break
            }
            if let snake {
                // The box before the snake next; the one after it later.
                pending.append(Box(left: snake.right, top: snake.bottom, right: box.right, bottom: box.bottom).shrunk(a, b))
                box = Box(left: box.left, top: box.top, right: snake.left, bottom: snake.top).shrunk(a, b)
            } else if let next = pending.popLast() {
                box = next
            } else {
                return (removed, inserted)
            }
        }
    }

    enum Edit {
        case removal(Int)
        case insertion(Int)
    }

    /// A part of the edit graph: the words `left..<right` of `a` against `top..<bottom` of `b`.
    struct Box {
        var left: Int, top: Int, right: Int, bottom: Int

        var width: Int { right - left }
        var height: Int { bottom - top }
        /// Moves right and down across it: removals and insertions if no word matched.
        var size: Int { width + height }
        /// The diagonal its bottom right corner lies on, counted from its top left.
        var delta: Int { width - height }

        /// The box without the words both of its ends share.
        func shrunk<Word: Equatable>(_ a: UnsafeBufferPointer<Word>, _ b: UnsafeBufferPointer<Word>) -> Box {
            var box = self
            while box.left < box.right && box.top < box.bottom && a[box.left] == b[box.top] {
                box.left += 1
                box.top += 1
            }
            while box.right > box.left && box.bottom > box.top && a[box.right - 1] == b[box.bottom - 1] {
                box.right -= 1
                box.bottom -= 1
            }
            return box
        }
    }

    /// The furthest reaches of the forward search (an `a` offset per diagonal k) and of the
    /// backward one (a `b` offset per diagonal c, counted from the bottom right corner), for
    /// diagonals -size...size, in one buffer kept for every box of one edit.
    struct Search {
        private var reaches: [Int]
        private let forwardZero: Int
        private let backwardZero: Int

        init(size: Int) {
            reaches = [Int](repeating: 0, count: 2 * (2 * size + 1))
            forwardZero = size
            backwardZero = 3 * size + 1
        }

        /// A middle snake of `box`, as the search that reached it first found it, with the one
        /// edit that search took next to it: the forward search's edit comes just before the
        /// snake, and the box returned runs from the corner before that edit to the snake's end;
        /// the backward search's comes just after it, and the box runs from the snake's start to
        /// the corner after the edit. For a box of one move, that move alone and no box.
        mutating func middleSnake<Word: Equatable>(
            of box: Box, _ a: UnsafeBufferPointer<Word>, _ b: UnsafeBufferPointer<Word>
        ) -> (Edit?, Box?) {
            guard box.size > 1 else {
                if box.size == 0 { return (nil, nil) }
                return (box.width == 1 ? .removal(box.left) : .insertion(box.top), nil)
            }
            reaches[forwardZero + 1] = box.left
            reaches[backwardZero + 1] = box.bottom
            let odd = !box.delta.isMultiple(of: 2)
            for depth in 0...((box.size + 1) / 2) {
                // The search that can meet the other first at this depth is the one asked.
                if let found = forward(box, depth: depth, meeting: odd, a, b) { return found }
                if let found = backward(box, depth: depth, meeting: !odd, a, b) { return found }
            }
            preconditionFailure("two searches from opposite corners meet by half the box's size")
        }

        private mutating func forward<Word: Equatable>(
            _ box: Box, depth: Int, meeting: Bool, _ a: UnsafeBufferPointer<Word>, _ b: UnsafeBufferPointer<Word>
        ) -> (Edit?, Box?)? {
            for k in stride(from: depth, through: -depth, by: -2) {
                // Down from diagonal k + 1 (an insertion), or right from k - 1 (a removal).
                let down = k == -depth || (k != depth && reaches[forwardZero + k - 1] < reaches[forwardZero + k + 1])
                let startX = down ? reaches[forwardZero + k + 1] : reaches[forwardZero + k - 1]
                var x = down ? startX : startX + 1
                var y = box.top + (x - box.left) - k
                let edit: Edit = down ? .insertion(y - 1) : .removal(startX)
                let startY = depth == 0 || !down ? y : y - 1
                while x < box.right && y < box.bottom && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                reaches[forwardZero + k] = x
                guard meeting else { continue }
                let c = k - box.delta
                if c >= -(depth - 1) && c <= depth - 1 && y >= reaches[backwardZero + c] {
                    return (edit, Box(left: startX, top: startY, right: x, bottom: y))
                }
            }
            return nil
        }

        private mutating func backward<Word: Equatable>(
            _ box: Box, depth: Int, meeting: Bool, _ a: UnsafeBufferPointer<Word>, _ b: UnsafeBufferPointer<Word>
        ) -> (Edit?, Box?)? {
            for c in stride(from: depth, through: -depth, by: -2) {
                let k = c + box.delta
                // Left from diagonal c + 1 (a removal), or up from c - 1 (an insertion).
                let left = c == -depth || (c != depth && reaches[backwardZero + c - 1] > reaches[backwardZero + c + 1])
                let endY = left ? reaches[backwardZero + c + 1] : reaches[backwardZero + c - 1]
                var y = left ? endY : endY - 1
                var x = box.left + (y - box.top) + k
                let edit: Edit = left ? .removal(x) : .insertion(y)
                let endX = depth == 0 || !left ? x : x + 1
                while x > box.left && y > box.top && a[x - 1] == b[y - 1] {
                    x -= 1
                    y -= 1
                }
                reaches[backwardZero + c] = y
                guard meeting else { continue }
                if k >= -depth && k <= depth && x <= reaches[forwardZero + k] {
                    return (edit, Box(left: x, top: y, right: endX, bottom: endY))
                }
            }
            return nil
        }
    }
}
