"""verify/docs-results as a test: the documented numbers come out of the current code, and a changed
documented number makes the check fail."""

import os
import re
import unittest

import docs_results as dr

RUNS = {}


class DocumentedNumbersTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        if not os.path.isfile(dr.JAR):
            raise AssertionError(f"{dr.JAR} not found: build it first (mvn -B -q -DskipTests package)")
        if not RUNS:
            RUNS.update(dr.summaries(dr.CHECKS))

    def test_every_documented_number_is_found(self):
        for c in dr.CHECKS:
            with self.subTest(doc=c.doc, where=c.where):
                self.assertRegex(c.documented(open(os.path.join(dr.ROOT, c.doc)).read()), dr.NUMBER)

    def test_the_current_code_gives_every_documented_number(self):
        self.assertEqual([], dr.verify(dr.CHECKS, RUNS))

    def test_a_changed_documented_number_fails_its_check(self):
        for c in dr.CHECKS:
            text = open(os.path.join(dr.ROOT, c.doc)).read()
            stated = c.documented(text)
            digit = re.search(r"[0-9](?=[^0-9]*$)", stated)
            changed = stated[:digit.start()] + str((int(digit.group(0)) + 1) % 10) + stated[digit.end():]
            lines = text.splitlines()
            start = next(i + 1 for i, line in enumerate(lines) if line.startswith(c.section)) if c.section else 0
            for i, line in enumerate(lines[start:], start):
                m = re.search(c.where, line)
                if m and dr.NUMBER.search(m.group(1)):
                    at = m.start(1) + dr.NUMBER.search(m.group(1)).start()
                    lines[i] = line[:at] + changed + line[at + len(stated):]
                    break
            mutated = "\n".join(lines)
            with self.subTest(doc=c.doc, stated=stated, changed=changed):
                self.assertEqual(changed, c.documented(mutated))
                failures = dr.verify([c], RUNS, read=lambda doc: mutated)
                self.assertEqual(1, len(failures), failures)
                self.assertIn(f"states {changed}", failures[0])


if __name__ == "__main__":
    unittest.main()
