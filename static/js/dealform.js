/* Kirjuri deal form: the entry-mode toggle and "add another" slots.
 *
 * The form is generated on the server from the game's deal schema
 * (scoring/deal_forms.py); every input is named by its path in the deal
 * ("teams.0.melds.2"). This script only
 *  - switches between the branches of a union (card entry / quick entry): the
 *    inactive branch is hidden and its inputs disabled, so they are not posted;
 *  - adds a slot to a variable-length list (another meld), renumbering the
 *    path in the clone's names and ids.
 * No framework, no network.
 */
(function () {
  "use strict";

  function setBranch(union) {
    var name = union.getAttribute("data-union");
    var checked = union.querySelector('input[name="' + name + '"]:checked');
    if (!checked) return;
    union.querySelectorAll(":scope > .df-branch").forEach(function (branch) {
      var on = branch.getAttribute("data-branch") === checked.value;
      branch.hidden = !on;
      branch.querySelectorAll("input, select, textarea, button").forEach(function (el) {
        el.disabled = !on;
      });
    });
    document.dispatchEvent(new CustomEvent("dealform:changed"));
  }

  function initUnions(root) {
    root.querySelectorAll(".df-union").forEach(function (union) {
      var name = union.getAttribute("data-union");
      union.querySelectorAll('input[name="' + name + '"]').forEach(function (radio) {
        radio.addEventListener("change", function () { setBranch(union); });
      });
      setBranch(union);
    });
  }

  function renumber(el, path, from, to) {
    var dotted = path + "." + from;
    var dashed = "f-" + dotted.replace(/\./g, "-");
    var newDotted = path + "." + to;
    var newDashed = "f-" + newDotted.replace(/\./g, "-");
    function swap(value, a, b) {
      return value === a || value.indexOf(a + ".") === 0 || value.indexOf(a + "-") === 0
        ? b + value.slice(a.length) : value;
    }
    [el].concat(Array.prototype.slice.call(el.querySelectorAll("*"))).forEach(function (node) {
      ["name", "data-path"].forEach(function (attr) {
        if (node.hasAttribute(attr)) node.setAttribute(attr, swap(node.getAttribute(attr), dotted, newDotted));
      });
      ["id", "for", "aria-describedby"].forEach(function (attr) {
        if (node.hasAttribute(attr)) node.setAttribute(attr, swap(node.getAttribute(attr), dashed, newDashed));
      });
    });
  }

  function addSlot(button) {
    var path = button.getAttribute("data-add-to");
    var list = button.closest(".df-list");
    var slots = list.querySelector(".df-slots");
    // Only the slots: the card picker may have put its grid between them.
    var items = slots.querySelectorAll(":scope > .df-field, :scope > fieldset");
    if (!items.length) return;
    var last = items[items.length - 1];
    var from = items.length - 1;
    var clone = last.cloneNode(true);
    renumber(clone, path, from, items.length);
    clone.classList.remove("has-error", "cp-active");
    clone.querySelectorAll(".field-error, .cp-pile").forEach(function (n) { n.remove(); });
    clone.querySelectorAll("input").forEach(function (input) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      input.removeAttribute("data-cp-ready");
      if (input.type === "checkbox" || input.type === "radio") input.checked = false;
      else input.value = "";
    });
    var label = clone.querySelector("label, legend");
    if (label && label.firstChild && label.firstChild.nodeType === 3) {
      label.firstChild.nodeValue = label.firstChild.nodeValue.replace(/\d+\s*$/, String(items.length + 1));
    }
    last.after(clone);
    document.dispatchEvent(new CustomEvent("dealform:added", { detail: clone }));
    var first = clone.querySelector("input");
    if (first) first.focus();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".df-add");
    if (button) {
      event.preventDefault();
      addSlot(button);
    }
  });

  /* Fields declared for some values of another (x-applies): shown, and their
   * inputs enabled, only while the other field has one of those values; hidden
   * inputs are not posted (the server ignores them anyway). */
  function postedValue(form, name) {
    var value = "";
    form.querySelectorAll('[name="' + name + '"]').forEach(function (el) {
      if (el.disabled) return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      // A contract grid's button posts "level:strain"; what applies by the
      // strain reads the strain alone (data-value).
      if (el.value) value = el.getAttribute("data-value") || el.value;
    });
    return value;
  }

  function setApplies(root) {
    root.querySelectorAll(".df-applies").forEach(function (block) {
      var form = block.closest("form") || document;
      var allowed = JSON.parse(block.getAttribute("data-applies-values") || "[]");
      var has = allowed.indexOf(postedValue(form, block.getAttribute("data-applies-to"))) >= 0;
      // data-applies-not: shown while the other field has none of the values.
      var on = has !== block.hasAttribute("data-applies-not") &&
        !block.closest(".df-branch[hidden]");
      block.hidden = !on;
      block.querySelectorAll("input, select, textarea, button").forEach(function (el) {
        el.disabled = !on;
      });
    });
  }

  /* A derived pair (x-derived): the other side's number, total − the count. */
  function setDerived(root) {
    root.querySelectorAll("output[data-derived-from]").forEach(function (out) {
      var form = out.closest("form") || document;
      var raw = postedValue(form, out.getAttribute("data-derived-from"));
      var n = parseInt(raw, 10);
      out.textContent = /^\d+$/.test(raw) ? String(parseInt(out.getAttribute("data-total"), 10) - n) : "–";
    });
  }

  /* A stepper's − and + (x-count: stepper), within the input's min and max. */
  document.addEventListener("click", function (event) {
    var step = event.target.closest(".df-step");
    if (!step) return;
    event.preventDefault();
    var input = step.parentNode.querySelector("input");
    var value = parseInt(input.value, 10);
    var next = (isNaN(value) ? (parseInt(input.min, 10) || 0) : value + parseInt(step.getAttribute("data-step"), 10));
    if (input.min !== "" && next < parseInt(input.min, 10)) next = parseInt(input.min, 10);
    if (input.max !== "" && next > parseInt(input.max, 10)) next = parseInt(input.max, 10);
    input.value = String(next);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  document.addEventListener("change", function () { setApplies(document); setDerived(document); });
  document.addEventListener("input", function () { setDerived(document); });

  function init() { initUnions(document); setApplies(document); setDerived(document); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
